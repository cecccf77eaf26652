/** The version of the package a view belongs to, written in by the view build. */
declare const __VIEW_VERSION__: string;
