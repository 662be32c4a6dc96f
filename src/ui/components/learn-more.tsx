import type { Language } from '../../routes/schema';

/**
 * A "Learn more" link (spec section 7: learnMoreClicked). The main script's click listener
 * records learnMoreClicked for anything inside `data-track="learn-more"`, besides the
 * elementClicked every link gets; a plain link, so it works without JavaScript.
 */
const LABEL: Record<Language, string> = { english: 'Learn more', spanish: 'Más información' };
const ABOUT: Record<Language, string> = { english: 'Learn more about', spanish: 'Más información sobre' };

export function LearnMore({ href, language, about }: { href: string; language: Language; about?: string }) {
  return (
    <a
      className="learn-more"
      href={href}
      data-track="learn-more"
      aria-label={about ? `${ABOUT[language]} ${about}` : undefined}
    >
      {LABEL[language]}
    </a>
  );
}
