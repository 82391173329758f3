import { useActionData, useNavigation } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { ActionAnswer } from '#app/utils/action-answer.ts'
import { showToast } from './toast.ts'

/**
 * A page whose action answers `ActionAnswer`: the answer, whether a submission is under way, and on success the
 * `{namespace}:done.{intent}` toast, then `onDone` (close a dialog, clear a choice).
 */
export function usePageAnswer(
  namespace: 'meetings' | 'contacts',
  options: { inList?: boolean; onDone?: () => void } = {},
) {
  const answer = useActionData<ActionAnswer<unknown>>()
  const navigation = useNavigation()
  const { t } = useTranslation()
  const latest = useRef(options)
  latest.current = options
  useEffect(() => {
    if (!answer?.ok) return
    showToast(t(`${namespace}:done.${answer.intent}`), { kind: 'success', inList: latest.current.inList })
    latest.current.onDone?.()
  }, [answer, namespace, t])
  return { answer, busy: navigation.state !== 'idle', t }
}
