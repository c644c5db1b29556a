// Declarations of the @gorhom/bottom-sheet 5.x API that `sheetlab export --to gorhom` writes, after its
// src/components/bottomSheet/types.d.ts, bottomSheetBackdrop/types.d.ts, bottomSheetView/types.d.ts, src/types.d.ts
// and src/hooks/useBottomSheetSpringConfigs.ts, useBottomSheetTimingConfigs.ts; the modal's after
// src/components/bottomSheetModal/types.d.ts and bottomSheetModalProvider/types.d.ts (MODAL_STACK_BEHAVIOR: replace,
// push, switch in src/constants.ts).
declare module '@gorhom/bottom-sheet' {
  import type { FC, ReactElement, ReactNode, RefAttributes } from 'react';
  import type { StyleProp, TextInputProps, ViewProps, ViewStyle, EasingFunction } from 'react-native';
  import type {
    EasingFunctionFactory,
    ReduceMotion,
    SharedValue,
    WithSpringConfig,
    WithTimingConfig,
  } from 'react-native-reanimated';

  export interface BottomSheetVariables {
    animatedIndex: SharedValue<number>;
    animatedPosition: SharedValue<number>;
  }

  export interface BottomSheetBackdropProps extends Pick<ViewProps, 'style'>, BottomSheetVariables {}
  export type BackdropPressBehavior = 'none' | 'close' | 'collapse' | number;
  export interface BottomSheetDefaultBackdropProps extends BottomSheetBackdropProps {
    opacity?: number;
    appearsOnIndex?: number;
    disappearsOnIndex?: number;
    enableTouchThrough?: boolean;
    pressBehavior?: BackdropPressBehavior;
    onPress?: () => void;
    children?: ReactNode | ReactNode[];
  }
  export const BottomSheetBackdrop: FC<BottomSheetDefaultBackdropProps>;

  export interface BottomSheetHandleProps extends BottomSheetVariables {}
  export interface BottomSheetBackgroundProps extends Pick<ViewProps, 'pointerEvents' | 'style'>, BottomSheetVariables {}

  export interface BottomSheetAnimationConfigs {
    animationConfigs?: WithSpringConfig | WithTimingConfig;
  }

  export interface BottomSheetProps extends BottomSheetAnimationConfigs {
    index?: number;
    snapPoints?: Array<string | number> | SharedValue<Array<string | number>>;
    overDragResistanceFactor?: number;
    detached?: boolean;
    enableContentPanningGesture?: boolean;
    enableHandlePanningGesture?: boolean;
    enableOverDrag?: boolean;
    enablePanDownToClose?: boolean;
    enableDynamicSizing?: boolean;
    animateOnMount?: boolean;
    /** 5.0.3+: the user's Reduce Motion setting, or an override (default ReduceMotion.System). */
    overrideReduceMotion?: ReduceMotion;
    /** The keyboard (src/components/bottomSheet/types.d.ts; defaults in constants.ts: 'interactive', 'none', 'adjustPan', false). */
    keyboardBehavior?: 'extend' | 'fillParent' | 'interactive';
    keyboardBlurBehavior?: 'none' | 'restore';
    enableBlurKeyboardOnGesture?: boolean;
    android_keyboardInputMode?: 'adjustPan' | 'adjustResize';
    topInset?: number;
    bottomInset?: number;
    maxDynamicContentSize?: number;
    containerStyle?: StyleProp<ViewStyle>;
    style?: StyleProp<ViewStyle>;
    backgroundStyle?: StyleProp<Omit<ViewStyle, 'position' | 'top' | 'left' | 'bottom' | 'right'>>;
    handleStyle?: StyleProp<ViewStyle>;
    handleIndicatorStyle?: StyleProp<ViewStyle>;
    onChange?: (index: number, position: number, type: number) => void;
    onClose?: () => void;
    handleComponent?: FC<BottomSheetHandleProps> | null;
    backdropComponent?: FC<BottomSheetBackdropProps>;
    backgroundComponent?: FC<BottomSheetBackgroundProps> | null;
    children: ReactNode;
  }

  export interface BottomSheetMethods {
    snapToIndex(index: number, animationConfigs?: WithSpringConfig | WithTimingConfig): void;
    snapToPosition(position: number | string, animationConfigs?: WithSpringConfig | WithTimingConfig): void;
    expand(animationConfigs?: WithSpringConfig | WithTimingConfig): void;
    collapse(animationConfigs?: WithSpringConfig | WithTimingConfig): void;
    close(animationConfigs?: WithSpringConfig | WithTimingConfig): void;
    forceClose(animationConfigs?: WithSpringConfig | WithTimingConfig): void;
  }

  const BottomSheet: (props: BottomSheetProps & RefAttributes<BottomSheetMethods>) => ReactElement | null;
  type BottomSheet = BottomSheetMethods;
  export default BottomSheet;

  /** A sheet presented with `present()`, stacked by the provider (src/components/bottomSheetModal/types.d.ts). */
  export type BottomSheetModalStackBehavior = 'replace' | 'push' | 'switch';
  export interface BottomSheetModalProps extends Omit<BottomSheetProps, 'animateOnMount' | 'onClose'> {
    name?: string;
    stackBehavior?: BottomSheetModalStackBehavior;
    enableDismissOnClose?: boolean;
    onDismiss?: () => void;
  }
  export interface BottomSheetModalMethods extends BottomSheetMethods {
    present(data?: unknown): void;
    dismiss(animationConfigs?: WithSpringConfig | WithTimingConfig): void;
  }
  export const BottomSheetModal: (props: BottomSheetModalProps & RefAttributes<BottomSheetModalMethods>) => ReactElement | null;
  export type BottomSheetModal = BottomSheetModalMethods;
  export interface BottomSheetModalProviderProps {
    children?: ReactNode;
  }
  export const BottomSheetModalProvider: FC<BottomSheetModalProviderProps>;

  export interface BottomSheetViewProps extends ViewProps {
    enableFooterMarginAdjustment?: boolean;
    children: ReactNode[] | ReactNode;
  }
  export const BottomSheetView: FC<BottomSheetViewProps>;

  /** A TextInput that tells the sheet when it is focused (src/components/bottomSheetTextInput). */
  export interface BottomSheetTextInputProps extends TextInputProps {}
  export const BottomSheetTextInput: FC<BottomSheetTextInputProps>;

  export function useBottomSheetSpringConfigs(configs: Omit<WithSpringConfig, 'velocity'>): Omit<WithSpringConfig, 'velocity'>;

  interface TimingConfig {
    duration?: number;
    easing?: EasingFunction | EasingFunctionFactory;
    reduceMotion?: ReduceMotion;
  }
  export function useBottomSheetTimingConfigs(configs: TimingConfig): TimingConfig;
}
