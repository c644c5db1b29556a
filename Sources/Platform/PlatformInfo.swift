public enum PlatformInfo {}
