// The otpauth:// URL as a QR code for an authenticator app to scan. The `qrcode` library is
// loaded only here, when the set-up reaches its scan step, so no other screen downloads it.
import { Box } from '@chakra-ui/react'
import { useEffect, useState } from 'react'
import { Placeholder } from '../../components/placeholder'

async function qrSvg(text: string): Promise<string> {
  const { default: QRCode } = await import('qrcode')
  // SVG needs no canvas (it renders in tests too) and stays sharp at any zoom.
  return QRCode.toString(text, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' })
}

export function QrCode({ value, size = 200 }: { value: string; size?: number }) {
  const [src, setSrc] = useState<string | null>(null)
  useEffect(() => {
    let current = true
    setSrc(null)
    qrSvg(value).then(
      (svg) => {
        if (current) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`)
      },
      // Without the picture the secret below it still works: typed into the app by hand.
      () => undefined,
    )
    return () => {
      current = false
    }
  }, [value])

  return (
    <Box boxSize={`${size}px`} bg="white" borderRadius="md" borderWidth="1px" flexShrink={0}>
      {src ? (
        <img src={src} width={size} height={size} alt="QR code for your authenticator app" />
      ) : (
        <Placeholder boxSize="full" />
      )}
    </Box>
  )
}
