// Declarations of the React 18 API that `sheetlab export --to gorhom|vaul` writes, after @types/react: hooks,
// function components, refs, CSSProperties (after csstype) and the JSX namespace of the react-jsx transform.
declare module 'react' {
  export type Key = string | number;
  export interface ReactElement<P = any> {
    type: unknown;
    props: P;
    key: Key | null;
  }
  export type ReactNode = ReactElement | string | number | boolean | null | undefined | Iterable<ReactNode>;
  export type FC<P = {}> = (props: P) => ReactElement | null;
  export interface RefObject<T> {
    readonly current: T | null;
  }
  export interface MutableRefObject<T> {
    current: T;
  }
  export type RefCallback<T> = (instance: T | null) => void;
  export type Ref<T> = RefCallback<T> | RefObject<T> | null;
  export interface RefAttributes<T> {
    ref?: Ref<T>;
    key?: Key | null;
  }
  export type SetStateAction<S> = S | ((prevState: S) => S);
  export type Dispatch<A> = (value: A) => void;
  export type DependencyList = readonly unknown[];

  export function useState<S>(initialState: S | (() => S)): [S, Dispatch<SetStateAction<S>>];
  export function useRef<T>(initialValue: T): MutableRefObject<T>;
  export function useRef<T>(initialValue: T | null): RefObject<T>;
  export function useMemo<T>(factory: () => T, deps: DependencyList): T;
  export function useCallback<T extends Function>(callback: T, deps: DependencyList): T;
  export function useEffect(effect: () => void | (() => void), deps?: DependencyList): void;

  type Globals = 'inherit' | 'initial' | 'revert' | 'revert-layer' | 'unset';
  type Length = string | number;
  export interface CSSProperties {
    position?: Globals | '-webkit-sticky' | 'absolute' | 'fixed' | 'relative' | 'static' | 'sticky';
    inset?: Length;
    top?: Length;
    right?: Length;
    bottom?: Length;
    left?: Length;
    display?: string;
    flexDirection?: Globals | 'column' | 'column-reverse' | 'row' | 'row-reverse';
    gap?: Length;
    width?: Length;
    height?: Length;
    maxHeight?: Length;
    minHeight?: Length;
    margin?: Length;
    marginTop?: Length;
    marginLeft?: Length | 'auto';
    marginRight?: Length | 'auto';
    padding?: Length;
    borderRadius?: Length;
    borderTopLeftRadius?: Length;
    borderTopRightRadius?: Length;
    backgroundColor?: string;
    backdropFilter?: string;
    boxShadow?: string;
    color?: string;
    outline?: Length;
    fontSize?: Length;
    fontWeight?: Globals | 'bold' | 'bolder' | 'lighter' | 'normal' | number;
  }

  export interface DOMAttributes {
    children?: ReactNode;
    onClick?: (event: MouseEvent) => void;
  }
  export interface HTMLAttributes extends DOMAttributes {
    className?: string;
    id?: string;
    style?: CSSProperties;
  }
  export interface ButtonHTMLAttributes extends HTMLAttributes {
    type?: 'submit' | 'reset' | 'button';
    disabled?: boolean;
  }

  global {
    namespace JSX {
      interface Element extends ReactElement<any> {}
      interface ElementChildrenAttribute {
        children: {};
      }
      interface IntrinsicAttributes {
        key?: Key | null;
      }
      interface IntrinsicElements {
        div: HTMLAttributes & RefAttributes<HTMLDivElement>;
        p: HTMLAttributes;
        h2: HTMLAttributes;
        button: ButtonHTMLAttributes & RefAttributes<HTMLButtonElement>;
      }
    }
  }
}

declare module 'react/jsx-runtime' {
  export function jsx(type: unknown, props: unknown, key?: unknown): JSX.Element;
  export function jsxs(type: unknown, props: unknown, key?: unknown): JSX.Element;
  export const Fragment: unknown;
}
