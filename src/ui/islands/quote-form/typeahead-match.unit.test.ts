import { describe, expect, it } from 'vitest';
import { listedValue, suggestions } from './typeahead-match';

const MAKES = ['Acura', 'Alfa Romeo', 'Audi', 'BMW', 'Land Rover', 'Mercedes-Benz', 'MINI', 'Ram', 'Rolls-Royce'];
const FORD = ['Ecosport', 'F-150', 'F-250', 'Mustang', 'Transit', 'Transit Connect'];

describe('typeahead suggestions', () => {
  it('names that start with the text come first, then a word inside a name, then anywhere', () => {
    expect(suggestions(MAKES, 'r')).toEqual([
      'Ram',
      'Rolls-Royce',
      'Alfa Romeo',
      'Land Rover',
      'Acura',
      'Mercedes-Benz',
    ]);
  });

  it('a word after a hyphen counts as a word start: "ben" finds Mercedes-Benz', () => {
    expect(suggestions(MAKES, 'ben')).toEqual(['Mercedes-Benz']);
    expect(suggestions(MAKES, 'roy')).toEqual(['Rolls-Royce']);
  });

  it('case and the spaces around the text do not matter', () => {
    expect(suggestions(MAKES, '  mInI ')).toEqual(['MINI']);
  });

  it('spaces and punctuation can be left out: "f150" finds F-150, "transitc" finds Transit Connect', () => {
    expect(suggestions(FORD, 'f150')).toEqual(['F-150']);
    expect(suggestions(FORD, 'transitc')).toEqual(['Transit Connect']);
  });

  it('nothing typed offers the whole list in its order; text that matches nothing offers nothing', () => {
    expect(suggestions(FORD, '')).toEqual(FORD);
    expect(suggestions(FORD, 'zzz')).toEqual([]);
    expect(suggestions(FORD, '--')).toEqual([]);
  });

  it('the listed value is the one the text names exactly, in any case; a part names none', () => {
    expect(listedValue(MAKES, 'mercedes-benz')).toBe('Mercedes-Benz');
    expect(listedValue(MAKES, ' bmw ')).toBe('BMW');
    expect(listedValue(MAKES, 'Merc')).toBeUndefined();
    expect(listedValue(MAKES, '')).toBeUndefined();
  });
});
