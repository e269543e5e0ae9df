export { TabItem as default } from './Tabs.js'
