// Declarations of the vaul 1.x API that `sheetlab export --to vaul` writes, after emilkowalski/vaul's src/index.tsx
// (DialogProps, WithFadeFromProps, WithoutFadeFromProps, Drawer) over Radix Dialog's parts, checked against the real
// React types (Debian's node-react). Content takes Radix DismissableLayer's onPointerDownOutside
// (radix-ui/primitives packages/react/dismissable-layer/src/dismissable-layer.tsx: PointerDownOutsideEvent).
declare module 'vaul' {
  import type { ButtonHTMLAttributes, FC, HTMLAttributes, PointerEvent as ReactPointerEvent, ReactNode, RefAttributes } from 'react';

  export type PointerDownOutsideEvent = CustomEvent<{ originalEvent: PointerEvent }>;
  export type FocusOutsideEvent = CustomEvent<{ originalEvent: FocusEvent }>;

  export interface WithFadeFromProps {
    snapPoints: (number | string)[];
    fadeFromIndex: number;
  }
  export interface WithoutFadeFromProps {
    snapPoints?: (number | string)[];
    fadeFromIndex?: never;
  }
  export type DialogProps = {
    activeSnapPoint?: number | string | null;
    setActiveSnapPoint?: (snapPoint: number | string | null) => void;
    children?: ReactNode;
    open?: boolean;
    closeThreshold?: number;
    noBodyStyles?: boolean;
    onOpenChange?: (open: boolean) => void;
    shouldScaleBackground?: boolean;
    setBackgroundColorOnScale?: boolean;
    scrollLockTimeout?: number;
    fixed?: boolean;
    handleOnly?: boolean;
    dismissible?: boolean;
    modal?: boolean;
    nested?: boolean;
    onClose?: () => void;
    direction?: 'top' | 'bottom' | 'left' | 'right';
    defaultOpen?: boolean;
    snapToSequentialPoint?: boolean;
    container?: HTMLElement | null;
    onAnimationEnd?: (open: boolean) => void;
    autoFocus?: boolean;
    /** When true (the default), vaul lifts the drawer above the keyboard; false leaves it to the browser. */
    repositionInputs?: boolean;
    onDrag?: (event: ReactPointerEvent<HTMLDivElement>, percentageDragged: number) => void;
    onRelease?: (event: ReactPointerEvent<HTMLDivElement>, open: boolean) => void;
  } & (WithFadeFromProps | WithoutFadeFromProps);

  export type ContentProps = HTMLAttributes<HTMLDivElement> & RefAttributes<HTMLDivElement> & {
    onPointerDownOutside?: (event: PointerDownOutsideEvent) => void;
    onInteractOutside?: (event: PointerDownOutsideEvent | FocusOutsideEvent) => void;
    onEscapeKeyDown?: (event: KeyboardEvent) => void;
    forceMount?: true;
  };
  export type HandleProps = HTMLAttributes<HTMLDivElement> & { preventCycle?: boolean };
  export interface PortalProps {
    children?: ReactNode;
    container?: HTMLElement | null;
    forceMount?: true;
  }

  export const Drawer: {
    Root: FC<DialogProps>;
    NestedRoot: FC<DialogProps>;
    Content: FC<ContentProps>;
    Overlay: FC<HTMLAttributes<HTMLDivElement> & RefAttributes<HTMLDivElement>>;
    Trigger: FC<ButtonHTMLAttributes<HTMLButtonElement> & { asChild?: boolean }>;
    Portal: FC<PortalProps>;
    Handle: FC<HandleProps>;
    Close: FC<ButtonHTMLAttributes<HTMLButtonElement> & { asChild?: boolean }>;
    Title: FC<HTMLAttributes<HTMLHeadingElement>>;
    Description: FC<HTMLAttributes<HTMLParagraphElement>>;
  };
}
