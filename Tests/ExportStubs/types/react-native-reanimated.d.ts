// Declarations of the react-native-reanimated 3.x API that `sheetlab export --to gorhom` writes, after its
// src/reanimated2/animation/springUtils.ts, timing.ts and Easing.ts.
declare module 'react-native-reanimated' {
  export interface SharedValue<Value = unknown> {
    value: Value;
  }
  export enum ReduceMotion {
    System = 'system',
    Always = 'always',
    Never = 'never',
  }
  export type EasingFunction = (t: number) => number;
  export type EasingFunctionFactory = { factory: () => EasingFunction };

  export type SpringConfig = {
    stiffness?: number;
    overshootClamping?: boolean;
    restDisplacementThreshold?: number;
    restSpeedThreshold?: number;
    velocity?: number;
    reduceMotion?: ReduceMotion;
  } & (
    | { mass?: number; damping?: number; duration?: never; dampingRatio?: never }
    | { mass?: never; damping?: never; duration?: number; dampingRatio?: number }
  );
  export type WithSpringConfig = SpringConfig;

  export interface TimingConfig {
    duration?: number;
    reduceMotion?: ReduceMotion;
    easing?: EasingFunction | EasingFunctionFactory;
  }
  export type WithTimingConfig = TimingConfig;

  export const Easing: {
    linear: EasingFunction;
    ease: EasingFunction;
    bezier(x1: number, y1: number, x2: number, y2: number): EasingFunctionFactory;
    in(easing: EasingFunction): EasingFunction;
    out(easing: EasingFunction): EasingFunction;
    inOut(easing: EasingFunction): EasingFunction;
    exp: EasingFunction;
  };
}
