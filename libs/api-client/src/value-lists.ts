/**
 * A list of every value of a union the document defines (an enum), checked both ways: a value the
 * document does not have, or one of its values missing from the list, is a type error. So a list
 * a screen iterates over cannot drift from the API.
 *
 *     export const interestTypes = valuesOf<InterestType>()(['follow', 'grow', 'want']);
 */
export function valuesOf<Union extends string>() {
  return <const Values extends readonly Union[]>(
    values: Values & ([Union] extends [Values[number]] ? unknown : MissingValues<Union, Values>),
  ): Values => values;
}

interface MissingValues<Union, Values extends readonly unknown[]> {
  missing: Exclude<Union, Values[number]>;
}
