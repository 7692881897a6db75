import { useId, type CSSProperties } from 'react';
import classes from './segmented-choice.module.css';

export interface SegmentedChoiceProps<V extends string> {
  value: V;
  onChange: (value: V) => void;
  data: readonly { value: V; label: string }[];
  /** The id of the text that names the choice. */
  'aria-labelledby': string;
  style?: CSSProperties;
}

/**
 * One of a few values, as a row of joined buttons: a group of radio buttons
 * (arrow keys move between them), drawn with plain styles. Mantine's
 * SegmentedControl measures its items to slide a marker under the chosen one
 * each time it is drawn, which forces the browser to lay out the page while
 * a list is still being drawn.
 */
export function SegmentedChoice<V extends string>({
  value,
  onChange,
  data,
  style,
  'aria-labelledby': labelledBy,
}: SegmentedChoiceProps<V>) {
  const name = useId();
  return (
    <div role="radiogroup" aria-labelledby={labelledBy} className={classes.root} style={style}>
      {data.map((item) => {
        const id = `${name}-${item.value}`;
        return (
          <div key={item.value}>
            <input
              className={classes.input}
              type="radio"
              id={id}
              name={name}
              value={item.value}
              checked={item.value === value}
              onChange={() => onChange(item.value)}
            />
            <label className={classes.label} htmlFor={id}>
              {item.label}
            </label>
          </div>
        );
      })}
    </div>
  );
}
