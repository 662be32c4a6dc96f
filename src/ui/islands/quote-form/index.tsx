import { useId, useState } from 'react';
import type { FormId, Language } from '../../../routes/schema';
import type { PhoneDisplay, StepInfo } from '../../page-props';
import type { FormValues } from '../../../shared/json';

export interface QuoteFormProps {
  formId: FormId;
  language: Language;
  step: StepInfo;
  values: FormValues;
  /** Page path without the step segment; steps post to `${basePath}/${step}`. */
  basePath: string;
  phone: PhoneDisplay;
  brandName: string;
}

const ZIP = /^\d{5}$/;

/**
 * The quote form island. Server-rendered as a real <form> that posts to the Worker, so
 * it works without JavaScript; hydrated, it validates on blur and change.
 */
export function QuoteForm({ language, step, values, basePath }: QuoteFormProps) {
  const id = useId();
  const initial = typeof values.zipcode === 'string' ? values.zipcode : '';
  const [zip, setZip] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const label = language === 'spanish' ? 'Código postal' : 'ZIP code';
  const message = language === 'spanish' ? 'Código postal no es válido.' : 'ZIP code is not valid.';
  const validate = (value: string) => setError(value === '' || ZIP.test(value) ? null : message);
  return (
    <form method="post" action={`${basePath}/${step.name}`} className="card" noValidate>
      <div className="field">
        <label htmlFor={`${id}-zip`}>{label}</label>
        <input
          id={`${id}-zip`}
          name="zipcode"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={5}
          value={zip}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-zip-error` : undefined}
          onChange={(e) => {
            setZip(e.target.value);
            if (error) validate(e.target.value);
          }}
          onBlur={(e) => validate(e.target.value)}
        />
        {error ? (
          <p className="error" id={`${id}-zip-error`} role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <div className="form-actions">
        <button className="btn" type="submit">
          {language === 'spanish' ? 'Continuar' : 'Continue'}
        </button>
      </div>
    </form>
  );
}
