// Vite's `?inline` CSS import: the stylesheet's minified text as a string (frame-style.ts).
declare module '*.css?inline' {
  const css: string;
  export default css;
}
