/**
 * The auto form (spec section 3): ZIP, up to 3 vehicles, current insurance, home, up to 3
 * drivers (who they are, then their license and record: the ten-question step is split in two),
 * then the primary driver's contact details with the consent disclosure.
 */
import {
  COMMON_INSURERS,
  CREDIT_RATING_OPTIONS,
  GENDER_OPTIONS,
  LICENSE_STATUS_OPTIONS,
  MARITAL_STATUS_OPTIONS,
  RELATIONSHIP_OPTIONS,
} from './options';
import { askedUnlessNo, emailField, l, nameFields, phoneField, yesNo, zipStep } from './common-fields';
import type { FieldDef, FormDef, GroupDef } from './types';

/** Spec section 9: max drivers 3, max vehicles 3. */
export const MAX_GROUP_SLOTS = 3;

export const vehicleGroup: GroupDef = {
  prefix: 'vehicle',
  max: MAX_GROUP_SLOTS,
  slotLabel: l('Vehicle {n}', 'Vehículo {n}'),
  add: l('Add another vehicle', 'Agregar otro vehículo'),
  remove: l('Remove vehicle {n}', 'Quitar vehículo {n}'),
  fields: (n) => [
    { name: `vehicle${n}Year`, kind: 'vehicle-year', label: l('Year', 'Año') },
    { name: `vehicle${n}Make`, kind: 'vehicle-make', label: l('Make', 'Marca') },
    { name: `vehicle${n}Model`, kind: 'vehicle-model', label: l('Model', 'Modelo') },
  ],
  // A vehicle cannot be quoted without all three.
  completeSlot: (n) => [`vehicle${n}Year`, `vehicle${n}Make`, `vehicle${n}Model`],
};

/** A driver's date of birth, typed in one box: one tap, not a month list and two boxes (forms/date-box.ts). */
const dobBox = (p: string): FieldDef => ({
  name: `${p}Dob`,
  kind: 'date-parts',
  oneBox: true,
  label: l('Date of birth', 'Fecha de nacimiento'),
  hint: l('MM/DD/YYYY', 'MM/DD/AAAA'),
  autoComplete: 'bday',
});

/**
 * Who the driver is. Driver 1 (the household's primary driver): name, gender, marital status and
 * date of birth. Another driver: what an insurer asks of them, name, date of birth and their
 * relation to driver 1 (a spouse makes both married for the partners: mediaalpha/mapping.ts).
 */
function driverFields(n: number): FieldDef[] {
  const p = `driver${n}`;
  if (n > 1)
    return [
      ...nameFields(`${p}FirstName`, `${p}LastName`),
      dobBox(p),
      {
        name: `${p}Relationship`,
        kind: 'radio',
        label: l('Relation to driver 1', 'Relación con el conductor 1'),
        options: RELATIONSHIP_OPTIONS,
      },
    ];
  return [
    ...nameFields(`${p}FirstName`, `${p}LastName`),
    { name: `${p}Gender`, kind: 'radio', label: l('Gender', 'Sexo'), options: GENDER_OPTIONS },
    // Tiles, not a list: one tap instead of two (open, pick).
    {
      name: `${p}MaritalStatus`,
      kind: 'radio',
      label: l('Marital status', 'Estado civil'),
      options: MARITAL_STATUS_OPTIONS,
    },
    dobBox(p),
  ];
}

/** The same driver's license and record, on the step after. */
function driverDetailFields(n: number): FieldDef[] {
  const p = `driver${n}`;
  const fields: FieldDef[] = [
    {
      name: `${p}LicenseStatus`,
      kind: 'select',
      label: l('Driver license status', 'Estado de la licencia de conducir'),
      options: LICENSE_STATUS_OPTIONS,
    },
    {
      name: `${p}CreditRating`,
      kind: 'select',
      label: l('Credit rating', 'Historial de crédito'),
      options: CREDIT_RATING_OPTIONS,
    },
    // The rare questions last: most drivers answer no.
    yesNo(`${p}Sr22`, l('Does this driver need an SR-22?', '¿Este conductor necesita un SR-22?')),
  ];
  // Spec sections 3 and 7: every driver has a MilitaryAffiliation, and QuoteWizard takes each
  // driver's military_experience; MediaAlpha uses driver 1's for the whole lead, hence its wording.
  fields.push(
    yesNo(
      `${p}MilitaryAffiliation`,
      n === 1
        ? l(
            'Have you or your spouse served in the U.S. military?',
            '¿Usted o su cónyuge sirvieron en las Fuerzas Armadas de EE. UU.?',
          )
        : l(
            'Has this driver served in the U.S. military?',
            '¿Este conductor sirvió en las Fuerzas Armadas de EE. UU.?',
          ),
    ),
  );
  return fields;
}

export const driverGroup: GroupDef = {
  prefix: 'driver',
  max: MAX_GROUP_SLOTS,
  slotLabel: l('Driver {n}', 'Conductor {n}'),
  add: l('Add another driver', 'Agregar otro conductor'),
  remove: l('Remove driver {n}', 'Quitar conductor {n}'),
  fields: driverFields,
  // Another driver is whole with a name, a date of birth and a relation (driver 1: the step's required).
  completeSlot: (n) =>
    n === 1 ? [] : [`driver${n}FirstName`, `driver${n}LastName`, `driver${n}Dob`, `driver${n}Relationship`],
};

export const driverDetailsGroup: GroupDef = {
  ...driverGroup,
  fields: driverDetailFields,
  continues: driverGroup,
  // Optional answers: the names and dates are the drivers step's.
  completeSlot: undefined,
};

export const autoForm: FormDef = {
  id: 'auto',
  // auto-3: the military question asked of every driver; auto-4: another driver is a name, a date
  // of birth and a relation; every started vehicle and driver whole; auto-5: one question a screen
  // for insurance and home, the insurer and marital status as tiles, a date of birth in one box;
  // auto-6: the insurer not asked of a visitor not insured today.
  version: 'auto-6',
  product: 'auto',
  keepQuery: true,
  replaceHistory: false,
  steps: [
    zipStep(l('Where is the car kept?', '¿Dónde se guarda el auto?')),
    {
      name: 'vehicles',
      title: l('What do you drive?', '¿Qué vehículo maneja?'),
      fields: [],
      group: vehicleGroup,
      required: ['vehicle1Year', 'vehicle1Make', 'vehicle1Model'],
    },
    // One question a screen where it stands alone: the yes/no questions are one-tap steps (a tile
    // is the answer and the move, src/shared/forms/one-tap.ts); the insurer is a step of its own
    // with the common insurers as tiles that answer and move on, the whole list below them.
    {
      name: 'insurance',
      title: l('Are you insured today?', '¿Tiene seguro actualmente?'),
      fields: [yesNo('currentlyInsured', l('Currently insured', 'Asegurado actualmente'))],
      skippable: true,
    },
    {
      name: 'insurer',
      title: l('Who insures you now, or most recently?', '¿Quién le asegura ahora, o más recientemente?'),
      fields: [
        {
          name: 'currentCompany',
          kind: 'select',
          label: l('Current or most recent insurer', 'Aseguradora actual o más reciente'),
          options: 'insurers',
          tiles: COMMON_INSURERS,
        },
      ],
      skippable: true,
      // Not asked of a visitor not insured today: no insurer to name, and none sent stale.
      askedWhen: askedUnlessNo('currentlyInsured'),
    },
    {
      name: 'home',
      title: l('Do you own your home?', '¿Es dueño de su casa?'),
      fields: [yesNo('homeowner', l('Homeowner', 'Propietario de vivienda'))],
      skippable: true,
    },
    {
      name: 'home-quote',
      title: l('Would you like a home insurance quote too?', '¿Desea también una cotización de seguro de hogar?'),
      fields: [yesNo('interestedInHomeInsurance', l('Home insurance quote', 'Cotización de seguro de hogar'))],
      skippable: true,
    },
    {
      name: 'drivers',
      title: l('Who drives?', '¿Quién maneja?'),
      fields: [],
      group: driverGroup,
      required: ['driver1FirstName', 'driver1LastName', 'driver1Dob'],
    },
    {
      name: 'driver-details',
      title: l('Each driver’s license and record', 'Licencia e historial de cada conductor'),
      fields: [],
      group: driverDetailsGroup,
      skippable: true,
    },
    {
      name: 'contact',
      title: l('How can insurers and agents reach you?', '¿Cómo pueden contactarle las aseguradoras y los agentes?'),
      fields: [
        phoneField('driver1Phone'),
        emailField('driver1Email'),
        {
          name: 'driver1Address',
          kind: 'text',
          label: l('Street address', 'Dirección'),
          autoComplete: 'address-line1',
        },
        {
          name: 'driver1Address2',
          kind: 'text',
          label: l('Apartment, suite (optional)', 'Apartamento, suite (opcional)'),
          autoComplete: 'address-line2',
        },
      ],
      required: ['driver1Phone'],
      consent: true,
    },
  ],
};
