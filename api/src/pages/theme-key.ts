/**
 * Marks the document as scripted (`<html class="js">`: the controls that need JavaScript show, their plain-link
 * stand-ins hide; shell/src/layout/global.css) and applies the stored theme before the first paint (no light flash for a dark-theme visitor). It runs as the first thing
 * in <body>, carries the CSP nonce, and must stay in sync with the store's key (`localIsDark`, product §2).
 */
export const themeStorageKeyForHtml =
  "document.documentElement.classList.add('js');try{if(localStorage.getItem('localIsDark')==='true'){document.body.classList.add('dark');document.documentElement.style.colorScheme='dark'}}catch(e){}";
