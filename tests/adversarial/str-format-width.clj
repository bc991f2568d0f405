;; format with a 100-million-character width
;; family: string
;; expect: limit
;; limits: --timeout-ms 500 --max-steps 2000000
(count (format "%99999999d" 1))
