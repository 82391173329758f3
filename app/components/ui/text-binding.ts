/** The names of a form's values that are free text (any string, not one of a list of choices). */
export type TextName<V> = { [K in keyof V]: string extends V[K] ? K : never }[keyof V] & string

/**
 * Ties text controls (inputs, textareas, selects) to a form kept in state: `text(name)` gives a control its name and
 * value, what typing sets, and the server's texts for it (`errors`).
 */
export function textBinding<V>({
  values,
  set,
  errors,
}: {
  values: V
  set: (patch: Partial<V>) => void
  errors: (name: string) => readonly (string | undefined)[] | null
}) {
  return (name: TextName<V>) => ({
    name,
    value: values[name] as string,
    onChange: (event: { target: { value: string } }) => set({ [name]: event.target.value } as Partial<V>),
    errors: errors(name),
  })
}
