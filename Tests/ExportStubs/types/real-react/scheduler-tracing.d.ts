// `scheduler/tracing`, the one module Debian's @types/react 18.0 (node-react) imports that Debian does not ship:
// the Interaction interface of @types/scheduler/tracing.d.ts, which @types/react uses only for its Profiler types.
export interface Interaction {
  __count: number;
  id: number;
  name: string;
  timestamp: number;
}
