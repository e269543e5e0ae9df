/**
 * The browser side of MDX tabs, without React: a click or an arrow key chooses a tab; tabs of
 * one `groupId` follow each other on the page and the choice is remembered in storage under
 * `docusaurus.tab.<groupId>` (Docusaurus's key), so every page opens on it. Inlined only in pages
 * that have tabs; without JavaScript the chosen panel shows, as drawn. Storage may be blocked.
 */
export const tabsScript = `(function(){
var key=function(g){return 'docusaurus.tab.'+g};
function choose(tabs,value,focus){
  var tabList=tabs.querySelectorAll(':scope>.tabs-list>.tabs-tab'),found=false;
  for(var i=0;i<tabList.length;i++)if(tabList[i].getAttribute('data-value')===value)found=true;
  if(!found)return;
  for(var i=0;i<tabList.length;i++){var on=tabList[i].getAttribute('data-value')===value;tabList[i].setAttribute('aria-selected',String(on));tabList[i].tabIndex=on?0:-1;if(on&&focus)tabList[i].focus()}
  var panels=tabs.querySelectorAll(':scope>.tabs-panel');
  for(var i=0;i<panels.length;i++)panels[i].hidden=panels[i].getAttribute('data-value')!==value;
}
function chooseEverywhere(tabs,value,focus){
  var group=tabs.getAttribute('data-group-id');
  choose(tabs,value,focus);
  if(!group)return;
  var all=document.querySelectorAll('.tabs[data-group-id]');
  for(var i=0;i<all.length;i++)if(all[i]!==tabs&&all[i].getAttribute('data-group-id')===group)choose(all[i],value,false);
  try{localStorage.setItem(key(group),value)}catch(e){}
}
var all=document.querySelectorAll('.tabs[data-group-id]');
for(var i=0;i<all.length;i++){var stored=null;try{stored=localStorage.getItem(key(all[i].getAttribute('data-group-id')))}catch(e){}if(stored)choose(all[i],stored,false)}
document.addEventListener('click',function(event){
  var tab=event.target&&event.target.closest&&event.target.closest('.tabs-tab');
  if(tab)chooseEverywhere(tab.closest('.tabs'),tab.getAttribute('data-value'),false);
});
document.addEventListener('keydown',function(event){
  var tab=event.target&&event.target.closest&&event.target.closest('.tabs-tab');
  if(!tab||(event.key!=='ArrowRight'&&event.key!=='ArrowLeft'))return;
  var tabs=tab.closest('.tabs'),list=Array.prototype.slice.call(tabs.querySelectorAll(':scope>.tabs-list>.tabs-tab'));
  var next=list[(list.indexOf(tab)+(event.key==='ArrowRight'?1:list.length-1))%list.length];
  event.preventDefault();
  chooseEverywhere(tabs,next.getAttribute('data-value'),true);
});
})()`
