;; an infinite lazy sequence realised by frequencies
;; family: infinite
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 2000000
(frequencies (range))
