/**
 * The Medicare form: the spec's Medicare lead fields (zipcode, haveMedicare, haveMedicaid,
 * firstName, lastName), then an optional, skippable call-back contact (phone, email) with the
 * consent disclosure on that last step (docs/decisions/0020-quote-funnel-consent.md).
 */
import { callBackSteps, l, yesNo, zipStep } from './common-fields';
import type { FormDef } from './types';

export const medicareForm: FormDef = {
  id: 'medicare',
  version: 'medicare-2',
  product: 'medicare',
  keepQuery: true,
  replaceHistory: false,
  steps: [
    zipStep(l('Where do you live?', '¿Dónde vive?')),
    {
      name: 'medicare',
      title: l('Do you have Medicare Part A and Part B?', '¿Tiene Medicare Parte A y Parte B?'),
      fields: [yesNo('haveMedicare', l('Medicare Part A and B', 'Medicare Parte A y B'))],
      skippable: true,
    },
    {
      name: 'medicaid',
      title: l('Do you get Medicaid?', '¿Recibe Medicaid?'),
      intro: l(
        'Some plans add extra benefits for people with both.',
        'Algunos planes agregan beneficios para quienes tienen ambos.',
      ),
      fields: [yesNo('haveMedicaid', l('Medicaid', 'Medicaid'))],
      skippable: true,
    },
    ...callBackSteps({ optionalContact: true }),
  ],
};
