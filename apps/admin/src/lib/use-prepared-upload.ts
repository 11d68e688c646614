import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { prepareUpload } from './prepare-upload.ts'

/**
 * Runs a picked picture through `prepareUpload` (large photos shrunk in the browser): `prepare` gives the
 * file to send, or null with `error` set to a message saying why (not a picture, over 8 MB).
 */
export function usePreparedUpload() {
  const { t } = useTranslation('common')
  const [error, setError] = useState('')
  const [isPreparing, setIsPreparing] = useState(false)
  const prepare = async (file: File): Promise<File | null> => {
    setError('')
    setIsPreparing(true)
    try {
      const result = await prepareUpload(file)
      if ('file' in result) return result.file
      setError(t(`upload.${result.error}`))
      return null
    } finally {
      setIsPreparing(false)
    }
  }
  return { prepare, error, isPreparing, clearError: () => setError('') }
}
