/**
 * Heading ids, made as the site's previous home made them so that links written for it still
 * reach their headings: GitHub's algorithm (github-slugger, as GitHub and Docusaurus), or
 * VitePress's. Each page has its own slugger; a repeated heading gets `-1`, `-2` in both.
 */
import GithubSlugger from 'github-slugger'

export interface HeadingSlugger {
  /** A new id for a heading's text. */
  slug(text: string): string
  /** Reserves an id written by hand (`## Setup {#setup}`), so a later heading does not take it. */
  claim(id: string): void
}

export type SlugStyle = 'github' | 'vitepress'

export function createHeadingSlugger(style: SlugStyle): HeadingSlugger {
  if (style === 'github') {
    const slugger = new GithubSlugger()
    return { slug: (text) => slugger.slug(text), claim: (id) => void slugger.slug(id, true) }
  }
  const taken = new Set<string>()
  return {
    slug: (text) => {
      const base = vitepressSlug(text)
      let id = base
      for (let index = 1; taken.has(id); index++) id = `${base}-${index}`
      taken.add(id)
      return id
    },
    claim: (id) => void taken.add(id),
  }
}

// VitePress (through @mdit-vue) replaces runs of these with "-".
const special = /[\s~`!@#$%^&*()\-_+=[\]{}|\\;:"'“”‘’<>,.?/]+/g
const combining = /[\u0300-\u036f]/g
const control = /[\u0000-\u001f]/g

/** VitePress's heading id: accents dropped, punctuation runs to "-", lower case, "_" before a leading digit. */
export function vitepressSlug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(combining, '')
    .replace(control, '')
    .replace(special, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '')
    .replace(/^(\d)/, '_$1')
    .toLowerCase()
}
