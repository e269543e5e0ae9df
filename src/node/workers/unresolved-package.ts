/**
 * What to do about a module a page or config imports that esbuild could not find, when it names a
 * package (not a file of the site): docsgen runs the site's code with the packages the site has
 * installed, as Docusaurus does, and a fresh checkout has none.
 */
export function unresolvedPackageSuggestion(text: string): string | undefined {
  const name = /^Could not resolve "((?:@[\w.-]+\/)?[\w][\w.-]*)(?:\/[^"]*)?"/.exec(text)?.[1]
  return name === undefined ? undefined : `The package "${name}" is not installed in the site: install its packages (npm install), then build again.`
}
