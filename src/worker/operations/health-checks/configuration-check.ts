import { secretProblems } from '../secret-rules';
import { CATALOG } from './catalog';
import { defineCheck } from './types';

export const configurationCheck = defineCheck(CATALOG.configuration, ({ env }) => {
  const problems = secretProblems(env);
  return Promise.resolve([
    [
      'configuration',
      problems.length === 0,
      problems.length === 0
        ? 'every secret is set'
        : problems.map((p) => `${p.secret} ${p.problem} (refusing ${p.areas.join(', ')})`).join('; '),
    ],
  ]);
});
