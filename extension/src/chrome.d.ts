// The extension's code runs in Chrome and calls its `chrome.*` APIs (typed by @types/chrome).
/// <reference types="chrome" />
