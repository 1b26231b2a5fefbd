// Where the theme choice is kept in local storage (shared by the store and the inline script).
export const THEME_STORAGE_KEY = "theme";
