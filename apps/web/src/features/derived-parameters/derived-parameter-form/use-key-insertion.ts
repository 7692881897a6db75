import { useRef } from 'react';
import type { UseFormGetValues, UseFormSetValue } from 'react-hook-form';
import {
  isExpressionElement,
  type ExpressionElement,
  type ExpressionPath,
  type FormValues,
} from './form-model';

const FIRST_EXPRESSION: ExpressionPath =
  'derivedStdParamList.0.derivedExpressionProperties.0.expressionParam';

/**
 * Inserting a key from the reference: it goes at the caret of the condition
 * or expression the user last worked in (the first expression otherwise),
 * with a space before it when it would run into the text.
 */
export function useKeyInsertion(
  getValues: UseFormGetValues<FormValues>,
  setValue: UseFormSetValue<FormValues>,
) {
  const lastInput = useRef<{ path: ExpressionPath; element: ExpressionElement } | null>(null);

  const rememberInput = (path: ExpressionPath, element: ExpressionElement) => {
    lastInput.current = { path, element };
  };

  const insertKey = (key: string) => {
    const remembered = lastInput.current;
    const usable = remembered && remembered.element.isConnected && getValues(remembered.path) !== undefined;
    const path: ExpressionPath = usable ? remembered.path : FIRST_EXPRESSION;
    const element = usable ? remembered.element : document.getElementsByName(path)[0];
    const value = getValues(path) ?? '';
    const start = isExpressionElement(element) ? (element.selectionStart ?? value.length) : value.length;
    const end = isExpressionElement(element) ? (element.selectionEnd ?? value.length) : value.length;
    const before = value.slice(0, start);
    const gap = before && !/[\s(]$/.test(before) ? ' ' : '';
    const next = `${before}${gap}${key}${value.slice(end)}`;
    setValue(path, next, { shouldDirty: true, shouldTouch: true, shouldValidate: true });
    if (isExpressionElement(element)) {
      const caret = before.length + gap.length + key.length;
      requestAnimationFrame(() => {
        element.focus();
        element.setSelectionRange(caret, caret);
      });
    }
  };

  return { rememberInput, insertKey };
}
