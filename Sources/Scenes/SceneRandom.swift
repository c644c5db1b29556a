import Raster

/// The scenes' generator: SplitMix64 from a fixed seed, the same on every run.
typealias SceneRandom = SplitMix64
