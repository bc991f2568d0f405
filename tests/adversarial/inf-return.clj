;; return of an infinite lazy seq (the run may hand the lazy seq back unrealised)
;; family: infinite
;; expect: limit|value
;; limits: --timeout-ms 500 --max-steps 2000000
(return (range))
