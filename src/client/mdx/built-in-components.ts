/** Components an MDX page may use without importing them, as Docusaurus's pages may. */
import Admonition from './Admonition.js'
import CodeBlock from './CodeBlock.js'
import Details from './Details.js'
import DocCard from './DocCard.js'
import DocCardList from './DocCardList.js'
import { TabItem, Tabs } from './Tabs.js'
import TOCInline from './TOCInline.js'

export const builtInComponents = { Admonition, CodeBlock, Details, DocCard, DocCardList, Tabs, TabItem, TOCInline }
