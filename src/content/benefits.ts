/**
 * Benefit codes of the route registry ("otc", "dental") read as a short,
 * translated sentence in the "benefits this page covers" list. The name comes from termLabel
 * (src/ui/i18n.ts); this adds what the benefit is, without promising anyone has it.
 */
import type { Language } from '../routes/schema';

const DESCRIPTIONS: Readonly<Record<string, Readonly<Record<Language, string>>>> = {
  otc: {
    english: 'Some plans give a set amount for health and wellness products from approved stores.',
    spanish: 'Algunos planes dan un monto fijo para productos de salud y bienestar en tiendas aprobadas.',
  },
  grocery: {
    english: 'Some plans, often for people with certain conditions, help pay for healthy food.',
    spanish: 'Algunos planes, a menudo para personas con ciertas condiciones, ayudan a pagar alimentos saludables.',
  },
  dental: {
    english: 'Cleanings, exams and sometimes fillings or dentures, depending on the plan.',
    spanish: 'Limpiezas, exámenes y a veces empastes o dentaduras, según el plan.',
  },
  vision: {
    english: 'Eye exams and an allowance for glasses or contacts in many plans.',
    spanish: 'Exámenes de la vista y una asignación para anteojos o lentes de contacto en muchos planes.',
  },
  hearing: {
    english: 'Hearing exams and help paying for hearing aids in some plans.',
    spanish: 'Exámenes de audición y ayuda para pagar audífonos en algunos planes.',
  },
  giveback: {
    english: 'Some plans lower the Part B premium taken from your Social Security check.',
    spanish: 'Algunos planes reducen la prima de la Parte B que se descuenta de su cheque del Seguro Social.',
  },
  discounts: {
    english: 'Ways drivers may lower a premium, such as safe-driver or multi-car discounts.',
    spanish:
      'Formas en que los conductores pueden bajar la prima, como descuentos por buen conductor o por varios autos.',
  },
  bundling: {
    english: 'Insuring home and car with one company can lower the total.',
    spanish: 'Asegurar la casa y el auto con una misma compañía puede bajar el total.',
  },
  fitness: {
    english: 'Gym memberships or fitness programs included in some plans.',
    spanish: 'Membresías de gimnasio o programas de ejercicio incluidos en algunos planes.',
  },
  transportation: {
    english: 'Rides to medical appointments in some plans.',
    spanish: 'Transporte a citas médicas en algunos planes.',
  },
  utilities: {
    english: 'Some special needs plans help with bills such as electricity or water.',
    spanish: 'Algunos planes para necesidades especiales ayudan con cuentas como la luz o el agua.',
  },
  'care-coordination': {
    english: 'A care team that helps organize doctors, medicines and services.',
    spanish: 'Un equipo que ayuda a organizar médicos, medicamentos y servicios.',
  },
  sr22: {
    english: 'The form some states require after certain violations, filed by your insurer.',
    spanish: 'El formulario que algunos estados exigen tras ciertas infracciones, presentado por su aseguradora.',
  },
};

/** What a benefit code means, or null for a code without a description (then the list shows the name only). */
export function benefitDescription(code: string, language: Language): string | null {
  return DESCRIPTIONS[code]?.[language] ?? null;
}
