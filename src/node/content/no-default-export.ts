import { diagnostic, type Diagnostic } from '../../shared/diagnostic.js'

/** A page (a component page, a Docusaurus site's React page) with nothing to render. */
export function noDefaultExport(file: string): Diagnostic {
  return diagnostic({
    file,
    line: 1,
    column: 1,
    ruleId: 'page-default-export',
    message: 'The page has no default export, so there is nothing to render',
    suggestion: 'Export the page component as the default: `export default function Page() { … }`.',
  })
}
