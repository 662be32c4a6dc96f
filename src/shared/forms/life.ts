/**
 * The life and final-expense form (get-life-now, fe-*; fields decided in docs/decisions/0007-lead-fields-medicare-call-back-contact-the-life.md):
 * what a life call centre quotes on (face amount, age, gender, tobacco) and who to call.
 */
import { COVERAGE_AMOUNT_OPTIONS, GENDER_OPTIONS } from './options';
import { callBackSteps, l, yesNo, zipStep } from './common-fields';
import type { FieldDef, FormDef, StepDef } from './types';

const dateOfBirth: FieldDef = {
  name: 'dateOfBirth',
  kind: 'date-parts',
  label: l('Date of birth', 'Fecha de nacimiento'),
};

export const lifeForm: FormDef = {
  id: 'life',
  version: 'life-1',
  product: 'life',
  keepQuery: true,
  replaceHistory: false,
  steps: [
    zipStep(l('Where do you live?', '¿Dónde vive?')),
    {
      name: 'coverage',
      title: l('How much coverage would you like?', '¿Cuánta cobertura desea?'),
      intro: l(
        'Final-expense plans usually cover $5,000 to $50,000.',
        'Los planes de gastos finales suelen cubrir de $5,000 a $50,000.',
      ),
      fields: [
        {
          name: 'coverageAmount',
          kind: 'radio',
          label: l('Coverage amount', 'Monto de cobertura'),
          options: COVERAGE_AMOUNT_OPTIONS,
        },
      ],
      skippable: true,
    },
    {
      name: 'about',
      title: l('A little about you', 'Un poco sobre usted'),
      fields: [
        { name: 'gender', kind: 'radio', label: l('Gender', 'Sexo'), options: GENDER_OPTIONS },
        dateOfBirth,
        yesNo(
          'tobaccoUse',
          l('Have you used tobacco in the last 12 months?', '¿Ha consumido tabaco en los últimos 12 meses?'),
        ),
      ],
      skippable: true,
    },
    ...callBackSteps(),
  ],
};

/**
 * Final expense (the fe-* pages): the life form, but its policies are sold to people aged 50 to
 * 85, as the pages say, so a date of birth outside those ages is refused with a message that
 * names them (docs/decisions/0293-final-expense-ages.md) instead of sending a lead no agent can quote.
 */
export const finalExpenseForm: FormDef = {
  ...lifeForm,
  id: 'final-expense',
  version: 'final-expense-1',
  steps: lifeForm.steps.map((step): StepDef =>
    step.name === 'about'
      ? {
          ...step,
          fields: step.fields.map((field) =>
            field.name === 'dateOfBirth'
              ? {
                  ...field,
                  ages: {
                    min: 50,
                    max: 85,
                    message: l(
                      'Final expense plans are for people aged 50 to 85. Check the date of birth.',
                      'Los planes de gastos finales son para personas de 50 a 85 años. Revise la fecha de nacimiento.',
                    ),
                  },
                }
              : field,
          ),
        }
      : step,
  ),
};
