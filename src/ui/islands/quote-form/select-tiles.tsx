/**
 * A list question's common answers as tiles above the list (the auto form's insurers: State
 * Farm, Progressive, ...): one tap instead of two (open, pick). On a step of that one question
 * the tile is the answer and the move (`advance`, src/shared/forms/one-tap.ts `isTileStep`);
 * elsewhere it answers as picking it in the list would. Tiles need the page's script: none in
 * the server's page, and hydration renders the server's view first (useSyncExternalStore's
 * server snapshot), then the tiles, so the two renders hydration compares are the same.
 */
import { useSyncExternalStore } from 'react';
import type { FieldProps } from './field';

const noSubscription = () => () => undefined;
const inBrowser = () => true;
const onServer = () => false;

const TILES_LABEL = { english: 'Common answers', spanish: 'Respuestas comunes' } as const;

export function SelectTiles(props: FieldProps) {
  const { field, inputs, options, language, onInput, onCommit, advance } = props;
  const scripted = useSyncExternalStore(noSubscription, inBrowser, onServer);
  // Only tiles the list offers: a tile is never an answer the list would refuse.
  const values = (field.tiles ?? []).filter((v) => options.some((o) => o.value === v));
  if (!scripted || values.length === 0) return null;
  return (
    <div className="vehicle-tiles" role="group" aria-label={TILES_LABEL[language]}>
      {values.map((v) => (
        <button
          key={v}
          type="button"
          className="vehicle-tile"
          aria-pressed={inputs[field.name] === v}
          onClick={() => {
            if (advance) return advance(field.name, v);
            onInput(field.name, v);
            onCommit(field, { [field.name]: v });
          }}
        >
          {options.find((o) => o.value === v)?.label[language] ?? v}
        </button>
      ))}
    </div>
  );
}
