// Declarations of the React Native API that `sheetlab export --to gorhom` writes, after react-native's own types
// (Libraries/StyleSheet/StyleSheetTypes.d.ts, Libraries/Components/Button.d.ts): styles, StyleSheet.create, Text, Button.
declare module 'react-native' {
  import type { FC, ReactNode } from 'react';

  export type ColorValue = string;
  export type DimensionValue = number | 'auto' | `${number}%` | null;
  type Falsy = undefined | null | false;
  interface RecursiveArray<T> extends ReadonlyArray<T | ReadonlyArray<T> | RecursiveArray<T>> {}
  export type StyleProp<T> = T | RecursiveArray<T | Falsy> | Falsy;

  export interface Insets {
    top?: number;
    left?: number;
    bottom?: number;
    right?: number;
  }

  export interface ShadowStyleIOS {
    shadowColor?: ColorValue;
    shadowOffset?: { width: number; height: number };
    shadowOpacity?: number;
    shadowRadius?: number;
  }

  export interface ViewStyle extends ShadowStyleIOS {
    flex?: number;
    flexDirection?: 'row' | 'column' | 'row-reverse' | 'column-reverse';
    alignItems?: 'flex-start' | 'flex-end' | 'center' | 'stretch' | 'baseline';
    gap?: number | string;
    width?: DimensionValue;
    height?: DimensionValue;
    padding?: DimensionValue;
    paddingTop?: DimensionValue;
    paddingHorizontal?: DimensionValue;
    margin?: DimensionValue;
    marginHorizontal?: DimensionValue;
    backgroundColor?: ColorValue;
    borderRadius?: number;
    borderTopLeftRadius?: number;
    borderTopRightRadius?: number;
    borderBottomLeftRadius?: number;
    borderBottomRightRadius?: number;
    borderCurve?: 'circular' | 'continuous';
    opacity?: number;
    elevation?: number;
  }

  export interface TextStyle extends ViewStyle {
    color?: ColorValue;
    fontSize?: number;
    fontWeight?: 'normal' | 'bold' | '100' | '200' | '300' | '400' | '500' | '600' | '700' | '800' | '900' | number;
  }

  export interface ImageStyle extends ViewStyle {}

  type NamedStyles<T> = { [P in keyof T]: ViewStyle | TextStyle | ImageStyle };
  export namespace StyleSheet {
    function create<T extends NamedStyles<T> | NamedStyles<any>>(styles: T & NamedStyles<T>): T;
  }

  export interface ViewProps {
    style?: StyleProp<ViewStyle>;
    children?: ReactNode;
    pointerEvents?: 'box-none' | 'none' | 'box-only' | 'auto';
  }
  export const View: FC<ViewProps>;

  export interface TextProps {
    style?: StyleProp<TextStyle>;
    children?: ReactNode;
    numberOfLines?: number;
  }
  export const Text: FC<TextProps>;

  // TextInput (react-native's Libraries/Components/TextInput/TextInput.d.ts): the props the exports write.
  export type ReturnKeyTypeOptions = 'done' | 'go' | 'next' | 'search' | 'send' | 'none' | 'previous' | 'default'
    | 'emergency-call' | 'google' | 'join' | 'route' | 'yahoo';
  export interface TextInputProps {
    style?: StyleProp<TextStyle>;
    placeholder?: string;
    placeholderTextColor?: ColorValue;
    defaultValue?: string;
    value?: string;
    autoFocus?: boolean;
    returnKeyType?: ReturnKeyTypeOptions;
    clearButtonMode?: 'never' | 'while-editing' | 'unless-editing' | 'always';
    onChangeText?: (text: string) => void;
    onFocus?: () => void;
    onBlur?: () => void;
  }
  export const TextInput: FC<TextInputProps>;

  export interface ButtonProps {
    title: string;
    onPress?: (event: unknown) => void;
    color?: ColorValue;
    disabled?: boolean;
  }
  export const Button: FC<ButtonProps>;

  export type EasingFunction = (value: number) => number;

  // Libraries/Components/AccessibilityInfo/AccessibilityInfo.d.ts: the device's accessibility settings, read and
  // observed; the iOS-only queries resolve false on Android.
  export interface EmitterSubscription {
    remove(): void;
  }
  type AccessibilityChangeEventName =
    | 'change'
    | 'boldTextChanged'
    | 'grayscaleChanged'
    | 'invertColorsChanged'
    | 'reduceMotionChanged'
    | 'screenReaderChanged'
    | 'reduceTransparencyChanged';
  type AccessibilityChangeEvent = boolean;
  type AccessibilityChangeEventHandler = (event: AccessibilityChangeEvent) => void;
  export interface AccessibilityInfoStatic {
    isBoldTextEnabled(): Promise<boolean>;
    isGrayscaleEnabled(): Promise<boolean>;
    isInvertColorsEnabled(): Promise<boolean>;
    isReduceMotionEnabled(): Promise<boolean>;
    isReduceTransparencyEnabled(): Promise<boolean>;
    isScreenReaderEnabled(): Promise<boolean>;
    addEventListener(eventName: AccessibilityChangeEventName, handler: AccessibilityChangeEventHandler): EmitterSubscription;
  }
  export const AccessibilityInfo: AccessibilityInfoStatic;
}
