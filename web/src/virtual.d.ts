declare module 'virtual:editor-specs' {
  const specs: unknown;
  export default specs;
}
