/** A tag's stored name as a heading: "succulents-and-cacti" → "Succulents and cacti". */
export function tagTitle(name: string): string {
  const words = name.replace(/-/g, ' ');
  return words.charAt(0).toLocaleUpperCase() + words.slice(1);
}
