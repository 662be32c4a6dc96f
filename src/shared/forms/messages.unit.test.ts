import { describe, expect, it } from 'vitest';
import { FORM_IDS, languageSchema } from '../../routes/schema';
import { stepFields } from './engine';
import { problemMessage } from './messages';
import { FORMS } from './registry';
import { zipField } from './common-fields';

describe('one plain, kind message per problem', () => {
  it('says what to do for a ZIP code, and that an unknown one is not recognized, in English and Spanish', () => {
    expect(problemMessage(zipField, 'english')).toBe('Enter your 5-digit ZIP code.');
    expect(problemMessage(zipField, 'spanish')).toBe('Escriba su código postal de 5 dígitos.');
    expect(problemMessage(zipField, 'english', 'unknown')).toMatch(/^We don’t recognize that ZIP code\./);
    expect(problemMessage(zipField, 'spanish', 'unknown')).toMatch(/^No reconocemos ese código postal\./);
  });

  it('every question of every form has a message in both languages that blames no one', () => {
    for (const id of FORM_IDS) {
      for (const step of FORMS[id].steps) {
        for (const field of stepFields(step)) {
          for (const language of languageSchema.options) {
            const text = problemMessage(field, language);
            expect(text, `${id}.${field.name}.${language}`).toMatch(/^(Enter|Choose|Escriba|Elija) /);
            expect(text).not.toMatch(/not valid|no es válido|\{field\}/);
          }
        }
      }
    }
  });
});
