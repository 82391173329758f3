import { Form } from '@remix-run/react'
import { Button, type ButtonProps } from './button.tsx'

/**
 * A plain post form that is one button: its hidden `fields` (the intent, the item's id ...), then the submit
 * button. It works without script; `className` is the form's. Every "do this to that item" button of the app.
 */
export function PostButton({
  fields,
  action,
  reloadDocument,
  className,
  children,
  ...button
}: Omit<ButtonProps, 'type' | 'className'> & {
  fields: Record<string, string>
  /** Where the form posts; the page's own action when left out. */
  action?: string
  reloadDocument?: boolean
  className?: string
}) {
  return (
    <Form method="post" action={action} reloadDocument={reloadDocument} className={className}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" {...button}>
        {children}
      </Button>
    </Form>
  )
}
