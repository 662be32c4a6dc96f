import type { Language } from '../../routes/schema';

/**
 * A "Learn more" link (spec section 7: learnMoreClicked). The main script's click listener
 * records learnMoreClicked for anything inside `data-track="learn-more"`, besides the
 * elementClicked every link gets; a plain link, so it works without JavaScript.
 */
const LABEL: Record<Language, string> = { english: 'Learn more', spanish: 'Más información' };
const ABOUT: Record<Language, string> = { english: 'Learn more about', spanish: 'Más información sobre' };

/**
 * `about` names what the link is about: as its accessible name beside a card that already shows
 * it, or (`spelled`) in the visible text, where a bare "Learn more" would be the only words
 * (search engines read the visible text: Lighthouse's link-text audit).
 */
export function LearnMore({
  href,
  language,
  about,
  spelled = false,
}: {
  href: string;
  language: Language;
  about?: string;
  spelled?: boolean;
}) {
  const described = about ? `${ABOUT[language]} ${about}` : undefined;
  return (
    <a className="learn-more" href={href} data-track="learn-more" aria-label={spelled ? undefined : described}>
      {spelled && described ? described : LABEL[language]}
    </a>
  );
}
