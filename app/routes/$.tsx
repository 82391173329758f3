/** Any path no route claims: the 404 screen of the root error boundary. */
export function loader() {
  throw new Response(null, { status: 404, statusText: 'Not Found' })
}

export function action() {
  throw new Response(null, { status: 404, statusText: 'Not Found' })
}

export default function NotFound() {
  return null
}
