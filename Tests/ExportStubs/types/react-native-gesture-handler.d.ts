// Declarations of the react-native-gesture-handler 2.x API that `sheetlab export --to gorhom` writes: the root view
// gorhom's bottom sheet needs above it.
declare module 'react-native-gesture-handler' {
  import type { FC } from 'react';
  import type { ViewProps } from 'react-native';
  export const GestureHandlerRootView: FC<ViewProps>;
}
