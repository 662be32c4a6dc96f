/**
 * Budgets: the bench counts what a page fetches at load (bench/sizes.ts), read from the
 * client build's metafile (`npm run build` writes it). A Medicare page loads the Medicare form's
 * definition and not the auto form's; the advertorial arms the exit dialog at load and fetches
 * the dialog itself later; a finished visitor's page loads the confirmation before hydrating.
 */
import { describe, expect, it } from 'vitest';
import { FORM_IDS } from '../../src/routes/schema';
import { clientJsFor, FORM_MODULES, lazyMainModulesOf, pageFormOf, readClientMetafile } from '../../bench/sizes';

const meta = readClientMetafile();
const inputsOf = (files: readonly string[]) =>
  new Set(files.flatMap((f) => Object.keys(meta.outputs[f]?.inputs ?? {})));

describe('bench sizes (budgets)', () => {
  it('a page without islands loads main alone, within its 8 KB gzip', () => {
    const plain = clientJsFor(meta, { islands: [], lazyMain: [], form: null });
    expect(plain.files).toHaveLength(1);
    expect(plain.gzipBytes).toBeLessThanOrEqual(8 * 1024);
    // A form page's demand check comes on top, loaded only by a page with the hook.
    const withHook = clientJsFor(meta, {
      islands: [],
      lazyMain: lazyMainModulesOf('"onEnter":"demandCheck"'),
      form: null,
    });
    expect(withHook.files.length).toBe(2);
  });

  const advertorial = clientJsFor(meta, {
    islands: ['quote-form', 'exit-intent'],
    form: { formId: 'medicare', step: 'zip', completed: false },
  });

  it('a Medicare page counts the Medicare form, not the auto form', () => {
    const loaded = inputsOf(advertorial.files);
    expect(loaded.has('src/shared/forms/medicare.ts')).toBe(true);
    expect(loaded.has('src/shared/forms/auto.ts')).toBe(false);
    expect(loaded.has('src/shared/forms/quizzes.ts')).toBe(false);
    expect(loaded.has('src/ui/islands/quote-form/vehicle-field.tsx')).toBe(false);
    const auto = inputsOf(
      clientJsFor(meta, { islands: ['quote-form'], form: { formId: 'auto', step: 'zip', completed: false } }).files,
    );
    expect(auto.has('src/shared/forms/auto.ts')).toBe(true);
    expect(auto.has('src/shared/forms/medicare.ts')).toBe(false);
  });

  it('the advertorial arms the exit dialog at load and fetches the dialog, confirmation, Turnstile and the submit code later', () => {
    const loaded = inputsOf(advertorial.files);
    expect(loaded.has('src/ui/islands/exit-intent/triggers.ts')).toBe(true);
    expect(loaded.has('src/ui/islands/exit-intent/index.tsx')).toBe(false);
    expect(loaded.has('src/ui/islands/quote-form/confirmation.tsx')).toBe(false);
    const later = inputsOf(advertorial.later.files);
    expect(later.has('src/ui/islands/exit-intent/index.tsx')).toBe(true);
    expect(later.has('src/ui/islands/quote-form/confirmation.tsx')).toBe(true);
    expect(later.has('src/ui/islands/quote-form/turnstile-script.ts')).toBe(true);
    expect(later.has('src/ui/islands/quote-form/submit.ts')).toBe(true);
    expect(loaded.has('src/ui/islands/quote-form/api.ts')).toBe(false);
    expect(advertorial.later.gzipBytes).toBeGreaterThan(0);
  });

  it('what the server rendered is loaded before hydrating: the confirmation for a finished visitor', () => {
    const finished = clientJsFor(meta, {
      islands: ['quote-form'],
      form: { formId: 'medicare', step: 'phone', completed: true },
    });
    expect(inputsOf(finished.files).has('src/ui/islands/quote-form/confirmation.tsx')).toBe(true);
    expect(inputsOf(finished.later.files).has('src/ui/islands/quote-form/confirmation.tsx')).toBe(false);
  });

  it('every form has its chunk, and a page tells its form through the island props', () => {
    for (const id of FORM_IDS)
      expect(Object.values(meta.outputs).some((o) => o.entryPoint === FORM_MODULES[id])).toBe(true);
    const props = JSON.stringify({ formId: 'auto', step: { name: 'zip' }, funnel: { completed: false } });
    const html = `<div data-island="quote-form" class="island"></div><script type="application/json" data-island-props="">${props}</script>`;
    expect(pageFormOf(html)).toEqual({ formId: 'auto', step: 'zip', completed: false });
  });
});
