import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/**
 * Opens the select labelled `field` (inside `container`, a dialog say, when given) and chooses
 * `option` in its own list, as a click does.
 */
export async function chooseOption(
  user: UserEvent,
  field: RegExp | string,
  option: RegExp | string,
  container?: HTMLElement,
) {
  const input = (container ? within(container) : screen).getByRole('textbox', { name: field });
  await user.click(input);
  const listbox = await waitFor(() => {
    const element = document.getElementById(input.getAttribute('aria-controls') ?? '');
    if (!element) throw new Error(`No options for ${String(field)}`);
    return element;
  });
  // jsdom leaves Mantine's dropdown transition unfinished (display: none), so the option counts as hidden.
  await user.click(await within(listbox).findByRole('option', { name: option, hidden: true }));
}
