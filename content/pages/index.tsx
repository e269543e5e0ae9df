import type { ReactElement } from 'react'
import type { ComponentPageProps } from '../../src/shared/page-view.js'

interface Feature {
  readonly title: string
  /** A route path and an optional anchor; `href` adds the site's base URL. */
  readonly to: string
  readonly hash?: string
  readonly linkText: string
  readonly description: string
}

const features: readonly Feature[] = [
  {
    title: 'Sanctum guides',
    to: '/docs/category/sanctum',
    linkText: 'Browse the guides',
    description:
      'Step-by-step guides from the IT team: Apache2 and Node.js servers, PowerShell for Active Directory and Microsoft 365, PaperCut print release, OneDrive and SharePoint, and ChromeOS.',
  },
  {
    title: 'Development standards',
    to: '/docs/category/development',
    linkText: 'Read the standards',
    description:
      'How we build and host internal services: the Lotus API guidelines for versioning, errors and pagination, and tested recipes for putting apps behind Apache.',
  },
  {
    title: 'Lotus Byte',
    to: '/docs/Lotus Byte/',
    linkText: 'Meet Lotus Byte',
    description:
      'The service desk and asset tool the IT team uses every day. Read what it does, how to report a problem and what changed in each release.',
  },
  {
    title: 'Private area for admins',
    to: '/docs/Sanctum/intro',
    hash: 'private-pages',
    linkText: 'How access works',
    description:
      'Safeguarding and web-filtering notes are kept in a private section. Admins sign in with an e-mail link to open them; everyone else sees only the public guides.',
  },
]

/** The home page's own description, for search engines and link previews. */
export const description =
  'Guides from the IT team: servers, PowerShell, printing, OneDrive and SharePoint, ChromeOS, and the Lotus Byte service desk tool.'

export default function HomePage({ site, href }: ComponentPageProps): ReactElement {
  return (
    <main className="home">
      <header className="home-hero">
        <h1 className="home-hero-title">{site.title}</h1>
        <p className="home-hero-tagline">{site.tagline}</p>
        <p className="home-hero-actions">
          <a className="home-hero-button" href={href('/docs/Sanctum/intro')}>
            Read the docs
          </a>
        </p>
      </header>
      <section className="home-features" aria-label="What you will find here">
        {features.map((feature) => (
          <article className="home-feature" key={feature.title}>
            <h2 className="home-feature-title">{feature.title}</h2>
            <p className="home-feature-description">{feature.description}</p>
            <a className="home-feature-link" href={href(feature.to, feature.hash)}>
              {feature.linkText}
            </a>
          </article>
        ))}
      </section>
    </main>
  )
}
