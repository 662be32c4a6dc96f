import { formDefinition, stepInputNames } from '../../src/shared/forms';

/**
 * One auto lead's answers (spec section 3), and each step of the auto form as the fields a
 * browser posts for it, whatever the steps are: tests that need a finished auto visitor
 * follow the form's definition rather than a copy of its step names. Plain data: workerd
 * and browser tests both use it.
 */
export const AUTO_ANSWERS: Readonly<Record<string, string>> = {
  zipcode: '60601',
  vehicle1Year: '2019',
  vehicle1Make: 'Toyota',
  vehicle1Model: 'Camry',
  currentlyInsured: '1',
  currentCompany: 'State Farm',
  homeowner: '1',
  interestedInHomeInsurance: '0',
  driver1FirstName: 'Grace',
  driver1LastName: 'Hopper',
  driver1Gender: 'female',
  driver1MaritalStatus: 'widowed',
  driver1DobMonth: '12',
  driver1DobDay: '9',
  driver1DobYear: '1966',
  driver1LicenseStatus: 'active',
  driver1Sr22: '0',
  driver1CreditRating: 'good',
  driver1MilitaryAffiliation: '1',
  driver1Phone: '(312) 555-0188',
  driver1Email: 'grace@example.com',
  driver1Address: '1 Main St',
};

/** Every step of the auto form under `base`: its path and the answers it posts (one driver, one vehicle). */
export function autoStepPosts(base: string): { path: string; form: Record<string, string> }[] {
  return formDefinition('auto').steps.map((step) => {
    const form: Record<string, string> = {};
    for (const name of stepInputNames(step)) {
      const value = AUTO_ANSWERS[name];
      if (value !== undefined) form[name] = value;
    }
    if (step.group) form[`${step.group.prefix}s`] = '1';
    return { path: `${base}/${step.name}`, form };
  });
}
