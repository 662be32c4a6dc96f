/**
 * A long vehicle list (every make, a make's many models) as a box the visitor types into: on a
 * phone a native select of forty makes is a scrolling wheel that cannot be typed into. It follows
 * the WAI-ARIA 1.2 combobox pattern with a listbox popup and list autocomplete without automatic
 * selection: typing suggests listed values, ArrowDown and ArrowUp move through them, Enter or a
 * tap picks one, Escape closes the list, Tab leaves without picking. The focus stays in the box
 * (aria-activedescendant names the highlighted option), so a screen reader hears the options as
 * the visitor moves and the question's label stays the box's name.
 *
 * The answer is the form's value as the select's was, under the same name: the typed text, or
 * the listed value it names exactly whatever its case. Text that names no listed value is not turned into one and is
 * not hidden either: it stays the answer, and the step's submit refuses it with the field's
 * message, as the Worker refuses any unlisted make or model.
 */
import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { Language } from '../../../routes/schema';
import { describedBy } from './field';
import { listedValue, suggestions } from './typeahead-match';

const TEXT = {
  english: {
    placeholder: 'Type to search the list',
    none: 'Nothing on our list matches. Check the spelling or delete some letters.',
    some: '{n} suggestions.',
  },
  spanish: {
    placeholder: 'Escriba para buscar en la lista',
    none: 'Nada de nuestra lista coincide. Revise la ortografía o borre algunas letras.',
    some: '{n} sugerencias.',
  },
} as const;

interface TypeaheadProps {
  id: string;
  name: string;
  label: string;
  language: Language;
  choices: readonly string[];
  /** The form's value for this question. */
  value: string;
  error: string | undefined;
  /** The visitor's text as it is typed, already the listed value when it names one exactly. */
  onType: (value: string) => void;
  /** A listed value chosen from the list (or named exactly and confirmed with Enter). */
  onPick: (value: string) => void;
  onLeave: () => void;
}

/** Enter on the closed box submits the step, as in any text field: through its main button. */
function submitStep(input: HTMLInputElement) {
  const main = input.form?.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (input.form && main && !main.disabled) input.form.requestSubmit(main);
}

export function VehicleTypeahead(props: TypeaheadProps) {
  const { id, name, label, language, choices, value, error, onType, onPick, onLeave } = props;
  const listId = `${id}-list`;
  // What the visitor typed, while it is what the form holds (the value, or a case of it).
  const [typed, setTyped] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listRef = useRef<HTMLUListElement>(null);

  const text = typed !== null && (listedValue(choices, typed) ?? typed) === value ? typed : value;
  const matches = open ? suggestions(choices, text) : [];
  const expanded = matches.length > 0;
  const activeValue = expanded ? matches[active] : undefined;

  // The list hangs over the page below the box and moves nothing. Where the screen (or what the
  // on-screen keyboard leaves of it) ends before the list does, the page scrolls up so the list
  // shows, never so far that the box goes under the sticky header.
  useLayoutEffect(() => {
    const list = listRef.current;
    const box = list?.previousElementSibling;
    if (!expanded || !list || !box) return;
    const view = window.visualViewport;
    const bottom = view ? view.offsetTop + view.height : window.innerHeight;
    const below = list.getBoundingClientRect().bottom - bottom + 8;
    const room =
      box.getBoundingClientRect().top - parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop || '0');
    if (below > 0 && room > 0) window.scrollBy({ top: Math.min(below, room), behavior: 'instant' });
  }, [expanded]);

  // The highlighted option stays in the list's view (the list scrolls, the page does not).
  useLayoutEffect(() => {
    const list = listRef.current;
    const option = activeValue === undefined ? null : list?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (!list || !option) return;
    if (option.offsetTop < list.scrollTop) list.scrollTop = option.offsetTop;
    else if (option.offsetTop + option.offsetHeight > list.scrollTop + list.clientHeight)
      list.scrollTop = option.offsetTop + option.offsetHeight - list.clientHeight;
  }, [activeValue]);

  const pick = (chosen: string) => {
    setTyped(null);
    setOpen(false);
    setActive(-1);
    onPick(chosen);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.nativeEvent.isComposing) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const all = suggestions(choices, text).length;
      if (all === 0) return;
      if (!expanded) {
        // Alt+ArrowDown only opens; the arrows alone open on the first (or last) suggestion.
        setOpen(true);
        setActive(e.altKey ? -1 : e.key === 'ArrowDown' ? 0 : all - 1);
        return;
      }
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((at) => (at < 0 ? (step > 0 ? 0 : all - 1) : (at + step + all) % all));
      return;
    }
    if (e.key === 'Escape') {
      if (!expanded) return;
      // The list closes; the key goes no further (a dialog around the form stays open).
      e.preventDefault();
      e.stopPropagation();
      setOpen(false);
      setActive(-1);
      return;
    }
    if (e.key !== 'Enter') return;
    e.preventDefault();
    const named = listedValue(choices, text);
    if (activeValue !== undefined) pick(activeValue);
    else if (expanded && named !== undefined) pick(named);
    else if (expanded) setOpen(false);
    else submitStep(e.currentTarget);
  };

  // Said as the visitor types; "nothing matches" is also shown, over the page like the list.
  const none = open && !expanded && text.trim() !== '';
  const status = none
    ? TEXT[language].none
    : expanded
      ? TEXT[language].some.replace('{n}', String(matches.length))
      : '';

  return (
    <div className="typeahead">
      <input
        id={id}
        // The question's name, as the select had: the box holds the answer (or its typed case).
        name={name}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={activeValue === undefined ? undefined : `${listId}-${active}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error && `${id}-error`)}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={50}
        placeholder={TEXT[language].placeholder}
        value={text}
        onChange={(e) => {
          setTyped(e.target.value);
          setOpen(true);
          setActive(-1);
          onType(listedValue(choices, e.target.value) ?? e.target.value);
        }}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setTyped(null);
          setOpen(false);
          setActive(-1);
          onLeave();
        }}
      />
      <ul
        ref={listRef}
        id={listId}
        role="listbox"
        aria-label={label}
        hidden={!expanded}
        // A press on an option must not take the focus from the box (its blur would close the list first).
        onMouseDown={(e) => e.preventDefault()}
      >
        {matches.map((m, i) => (
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the keys are the box's (ArrowDown, Enter): in the combobox pattern the focus never leaves it for an option
          <li key={m} id={`${listId}-${i}`} role="option" aria-selected={i === active} onClick={() => pick(m)}>
            {m}
          </li>
        ))}
      </ul>
      <p className={none ? 'typeahead__none' : 'sr-only'} role="status">
        {status}
      </p>
    </div>
  );
}
