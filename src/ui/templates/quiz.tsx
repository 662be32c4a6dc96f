import { BodyCopy } from '../layout';
import type { PageProps } from '../page-props';
import { PageSections } from '../sections/page-sections';
import { FormSlot } from './form-slot';
import { Hero } from './hero';

/** Quiz: one question per screen, the question first. */
export function QuizTemplate({ page }: { page: PageProps }) {
  return (
    <>
      <Hero page={page} />
      <FormSlot page={page} />
      <section>
        <BodyCopy paragraphs={page.config.body} />
      </section>
      <PageSections page={page} />
    </>
  );
}
