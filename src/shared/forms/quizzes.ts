/**
 * The quizzes (/quiz/otc, /quiz/grocery, /quiz/medicare, /quiz/medicare-es, /quiz/auto):
 * one question per screen on the same engine and lead fields as the full forms.
 */
import { askedUnlessNo, emailField, l, nameFields, phoneField, yesNo, zipStep } from './common-fields';
import type { FormDef, Localized, StepDef } from './types';
import type { FormId } from '../../routes/schema';

function medicareQuiz(id: FormId, version: string, zipTitle: Localized): FormDef {
  const steps: StepDef[] = [
    zipStep(zipTitle),
    {
      name: 'medicare',
      title: l('Do you have Medicare Part A and Part B?', '¿Tiene Medicare Parte A y Parte B?'),
      fields: [yesNo('haveMedicare', l('Medicare Part A and B', 'Medicare Parte A y B'))],
      skippable: true,
    },
    {
      name: 'medicaid',
      title: l('Do you also get Medicaid?', '¿También recibe Medicaid?'),
      fields: [yesNo('haveMedicaid', l('Medicaid', 'Medicaid'))],
      skippable: true,
    },
    {
      name: 'name',
      title: l('What is your name?', '¿Cómo se llama?'),
      fields: nameFields('firstName', 'lastName'),
      required: ['firstName'],
    },
    {
      name: 'phone',
      // The quiz shows no results: the step promises only the call that follows.
      title: l('What number can a licensed agent call you at?', '¿A qué número puede llamarle un agente con licencia?'),
      // As on the Medicare form: the phone is optional and the step can be skipped.
      fields: [phoneField('phone', true)],
      skippable: true,
      consent: true,
    },
  ];
  return { id, version, product: 'medicare', keepQuery: true, replaceHistory: false, steps };
}

export const otcQuiz = medicareQuiz(
  'quiz-otc',
  'quiz-otc-2',
  l(
    'OTC allowances vary by ZIP code. Where do you live?',
    'Las asignaciones OTC varían según el código postal. ¿Dónde vive?',
  ),
);
export const groceryQuiz = medicareQuiz(
  'quiz-grocery',
  'quiz-grocery-2',
  l(
    'Grocery benefits vary by ZIP code. Where do you live?',
    'Los beneficios para comestibles varían según el código postal. ¿Dónde vive?',
  ),
);
export const medicareQuizForm = medicareQuiz(
  'quiz-medicare',
  'quiz-medicare-2',
  l('Plans vary by ZIP code. Where do you live?', 'Los planes varían según el código postal. ¿Dónde vive?'),
);
export const medicareQuizEs = medicareQuiz(
  'quiz-medicare-es',
  'quiz-medicare-es-2',
  l('Plans vary by ZIP code. Where do you live?', 'Los planes varían según el código postal. ¿Dónde vive?'),
);

export const autoQuiz: FormDef = {
  id: 'quiz-auto',
  // quiz-auto-2: the insurer not asked of a visitor not insured today.
  version: 'quiz-auto-2',
  product: 'auto',
  keepQuery: true,
  replaceHistory: false,
  steps: [
    zipStep(
      l(
        'Rates vary by ZIP code. Where is the car kept?',
        'Las tarifas varían según el código postal. ¿Dónde se guarda el auto?',
      ),
    ),
    {
      name: 'insured',
      title: l('Are you insured today?', '¿Tiene seguro actualmente?'),
      fields: [yesNo('currentlyInsured', l('Currently insured', 'Asegurado actualmente'))],
      skippable: true,
    },
    {
      name: 'company',
      title: l('Who insures you now, or most recently?', '¿Quién le asegura ahora, o más recientemente?'),
      fields: [{ name: 'currentCompany', kind: 'select', label: l('Insurer', 'Aseguradora'), options: 'insurers' }],
      skippable: true,
      askedWhen: askedUnlessNo('currentlyInsured'),
    },
    {
      name: 'homeowner',
      title: l('Do you own your home?', '¿Es dueño de su casa?'),
      intro: l(
        'Homeowners often get a multi-policy discount.',
        'Los propietarios suelen obtener un descuento por varias pólizas.',
      ),
      fields: [yesNo('homeowner', l('Homeowner', 'Propietario'))],
      skippable: true,
    },
    {
      name: 'vehicle',
      title: l('What do you drive?', '¿Qué vehículo maneja?'),
      fields: [
        { name: 'vehicle1Year', kind: 'vehicle-year', label: l('Year', 'Año') },
        { name: 'vehicle1Make', kind: 'vehicle-make', label: l('Make', 'Marca') },
        { name: 'vehicle1Model', kind: 'vehicle-model', label: l('Model', 'Modelo') },
      ],
      skippable: true,
    },
    {
      name: 'name',
      title: l('What is your name?', '¿Cómo se llama?'),
      fields: nameFields('driver1FirstName', 'driver1LastName'),
      required: ['driver1FirstName'],
    },
    {
      name: 'phone',
      title: l('How can insurers and agents reach you?', '¿Cómo pueden contactarle las aseguradoras y los agentes?'),
      fields: [phoneField('driver1Phone'), emailField('driver1Email')],
      required: ['driver1Phone'],
      consent: true,
    },
  ],
};
