import type { ReactElement } from 'react'
import type { FooterView } from '../../shared/page-view.js'

export function Footer({ footer }: { footer: FooterView }): ReactElement {
  return (
    <footer className={footer.style === 'dark' ? 'footer footer--dark' : 'footer'}>
      <div className="footer-inner">
        {footer.columns.length > 0 ? (
          <div className="footer-columns">
            {footer.columns.map((column, index) => (
              <div className="footer-column" key={index}>
                <h2 className="footer-title">{column.title}</h2>
                <ul className="footer-items">
                  {column.items.map((item, itemIndex) => (
                    <li key={itemIndex}>
                      <a className="footer-link" href={item.href}>
                        {item.label}
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        ) : null}
        {footer.copyright ? <p className="footer-copyright">{footer.copyright}</p> : null}
      </div>
    </footer>
  )
}
