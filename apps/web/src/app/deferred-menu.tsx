import {
  cloneElement,
  useEffect,
  useId,
  useRef,
  useState,
  type ComponentType,
  type ReactElement,
} from 'react';
import type * as SwitchMenuBodies from './switch-menu-bodies';

/** What a deferred menu's body draws: the menu (with this id) around the given button. */
export interface MenuBodyProps {
  id: string;
  target: ReactElement;
  opened: boolean;
  onChange: (opened: boolean) => void;
}

type SwitchMenus = typeof SwitchMenuBodies;
type MenuName = 'ModuleMenuBody' | 'LanguageMenuBody';

let loaded: SwitchMenus | undefined;
let loading: Promise<SwitchMenus> | undefined;

/** Loads the switch menus once; a failed load is tried again on the next use. */
function loadSwitchMenus(): Promise<SwitchMenus> {
  loading ??= Promise.all([import('./switch-menu-bodies'), import('./menu-styles.css')]).then(
    ([menus]) => (loaded = menus),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The console has the menus from the start: it registers the module it imports with its layout. */
export function registerSwitchMenus(menus: SwitchMenus): void {
  loaded = menus;
}

interface DeferredMenuProps {
  /** The button that opens the menu, drawn at once. */
  target: ReactElement;
  /** Which menu of switch-menu-bodies.tsx it opens. */
  menu: MenuName;
}

/**
 * A header menu whose button is drawn at once and whose menu code (Mantine's
 * menu and its positioning library) loads when the button is first pointed
 * at, focused or pressed. A press before the code is there opens the menu as
 * soon as it is; a focused button stays focused when the menu takes it over.
 */
export function DeferredMenu({ target, menu }: DeferredMenuProps) {
  const id = useId();
  const [Body, setBody] = useState<ComponentType<MenuBodyProps> | undefined>(() => loaded?.[menu]);
  const [opened, setOpened] = useState(false);
  // What happened to the button while the menu loaded: pressed, and whether it has the focus.
  const [pressed, setPressed] = useState(false);
  const [focused, setFocused] = useState(false);
  // A press under way on this button, and the menu's code if it came meanwhile (read by the handlers only).
  const pointerDown = useRef(false);
  const pendingBody = useRef<ComponentType<MenuBodyProps> | undefined>(undefined);

  useEffect(() => {
    if (!Body || !(pressed || focused)) return;
    // Once the menu has drawn its button (Mantine names it after the menu's id): it takes the
    // focus the placeholder had, then opens if the placeholder was pressed, as a press would.
    const timer = window.setTimeout(() => {
      document.getElementById(`${id}-target`)?.focus();
      if (pressed) setOpened(true);
      setPressed(false);
      setFocused(false);
    });
    return () => window.clearTimeout(timer);
  }, [Body, id, pressed, focused]);

  if (Body) return <Body id={id} target={target} opened={opened} onChange={setOpened} />;

  // The menu's button replaces this one. While the pointer is down on this one, the swap waits for
  // the press to end: the click that ends it would otherwise reach no button, or close the menu
  // that just opened as a click outside it.
  const show = (body: ComponentType<MenuBodyProps>) => {
    if (pointerDown.current) pendingBody.current = body;
    else setBody(() => body);
  };
  const release = () => {
    pointerDown.current = false;
    const body = pendingBody.current;
    pendingBody.current = undefined;
    if (body) setBody(() => body);
  };
  const load = () => {
    loadSwitchMenus()
      .then((menus) => show(menus[menu]))
      .catch(() => undefined);
  };
  /* eslint-disable react-hooks/refs -- the handlers read the refs when the button's events fire, never while drawing */
  return cloneElement(target, {
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    // Pointing at the button fetches the code; the button is swapped when it is focused or pressed.
    onPointerEnter: () => void loadSwitchMenus().catch(() => undefined),
    onPointerDown: () => {
      pointerDown.current = true;
      load();
    },
    onPointerCancel: release,
    onPointerLeave: release,
    onFocus: () => {
      setFocused(true);
      load();
    },
    onBlur: () => setFocused(false),
    onClick: () => {
      setPressed(true);
      release();
      load();
    },
  } as Record<string, unknown>);
  /* eslint-enable react-hooks/refs */
}
