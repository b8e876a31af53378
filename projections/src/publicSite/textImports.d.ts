/** Bun's `import text from './file.css' with { type: 'text' }`: the file's content as a string. */
declare module '*.css' {
  const text: string;
  export default text;
}
